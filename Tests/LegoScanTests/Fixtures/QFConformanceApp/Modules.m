#import <UIKit/UIKit.h>

@protocol PWModuleProtocol <NSObject>
@property (nonatomic, weak) UIViewController *interfaceViewController;
@end

@protocol HomeProtocol <PWModuleProtocol>
@end

@protocol ShopProtocol <PWModuleProtocol>
@property (nonatomic, copy) NSString *category;
@end

@protocol CartProtocol <PWModuleProtocol>
@end

@interface HomeModule : NSObject <HomeProtocol>
@end
@implementation HomeModule
@synthesize interfaceViewController;
@end

@interface ShopModule : NSObject <ShopProtocol>
@end
@implementation ShopModule
@synthesize interfaceViewController, category;
@end

@interface HomeViewController : UIViewController
@end
@implementation HomeViewController
- (void)open {
    id<HomeProtocol> home = [[PWRouter router] interfaceForProtocol:@protocol(HomeProtocol)];
    id<ShopProtocol> shop = [[PWRouter router] interfaceCacheModuleForProtocol:@protocol(ShopProtocol)];
    id cart = [[PWRouter router] interfaceForProtocol:@protocol(CartProtocol)];   // no class adopts it: nil
    [self.navigationController pushViewController:shop.interfaceViewController animated:YES];
}
@end
