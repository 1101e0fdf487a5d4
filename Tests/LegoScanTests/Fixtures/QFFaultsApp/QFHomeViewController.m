#import "Protocols.h"

#define XYOpenURL(text) [[XYRouter shared] interfaceForURL:[NSURL URLWithString:text]]

@implementation QFHomeViewController

- (void)openAll {
    id<MoudleHome> again = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleHome)];
    [self.navigationController pushViewController:again.interfaceViewController animated:YES];
    id cart = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleCart)];                       // FAULT (b)
    id settings = [[XYRouter shared] interfaceForProtocol:@protocol(MoudleSettings)];               // FAULT (c)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"moudleMe://?paramterForMe=x"]];     // FAULT (d)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?title=Hi"]];        // FAULT (e)
    NSURL *count = [NSURL URLWithString:@"MoudleDetail://?commentCount"];
    [[XYRouter shared] interfaceForURL:count];                                                     // FAULT (f)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:[NSString stringWithFormat:@"MoudleDetail://?source=%@", self.campaign]]]; // FAULT (g)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?titleString=A&callbackBlock=1"]]; // FAULT (h)
    [[XYRouter shared] interfaceForURL:[NSURL URLWithString:self.link]];
    Protocol *orders = @protocol(MoudleOrders); [self keepForLater:orders];                     // FAULT (i)
    /* [[XYRouter shared] interfaceForURL:[NSURL URLWithString:@"MoudleDetail://?gone=1"]]; */
}

@end
