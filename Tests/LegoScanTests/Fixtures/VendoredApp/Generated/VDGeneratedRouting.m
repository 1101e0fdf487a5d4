// Generated code a team excludes with --exclude Generated or scan.exclude.
@interface VDGeneratedRouting : XFRouting
@end
