#import "QFHomeViewController.h"
#import "QFRouter.h"

static NSString *const kDetailURL = @"MoudleDetail://detail?titleString=Hello&commentCount=3";

@implementation QFHomeViewController

- (void)openDetail {
    id<MoudleDetail> detail = [[QFRouter router] interfaceForURL:[NSURL URLWithString:kDetailURL]];
    detail.callbackBlock = ^(id result) { NSLog(@"%@", result); };
    [self.navigationController pushViewController:detail.interfaceViewController animated:YES];
}

- (void)openMe {
    // Kept for a later release, not run: [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"moudleMe://?nothing"]];
    id<MoudleMe> me = [[QFRouter router] interfaceForProtocol:@protocol(MoudleMe)];
    [self presentViewController:me.interfaceViewController animated:YES completion:nil];
}

- (void)openByName:(NSString *)name {
    id module = [[QFRouter router] interfaceForProtocol:NSProtocolFromString(name)];
    [self.navigationController pushViewController:[module interfaceViewController] animated:YES];
}

@end
