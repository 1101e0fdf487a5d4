// No framework class here, but the folder is the framework's.
@interface XFDemoViewController : UIViewController
@end
