// The little of UIKit the framework doubles touch (XFLegoVIPER's in FrameworkDouble, QFMoudle's in QFMoudleDouble),
// for gcc + GNUstep base (manual reference counting): view controller containment, navigation stacks,
// presentation, a tab bar and the window. Containers retain what they show, as UIKit does; back-references are
// weak (assign).
#ifndef UIKIT_DOUBLE_H
#define UIKIT_DOUBLE_H

#import <Foundation/Foundation.h>

@interface UIViewController : NSObject {
    UIViewController *navigationController;
    UIViewController *parentViewController;
    UIViewController *presentedViewController;
    UIViewController *presentingViewController;
    NSMutableArray *_childViewControllers;
}
@property (nonatomic, assign) UIViewController *navigationController;
@property (nonatomic, assign) UIViewController *parentViewController;
@property (nonatomic, retain) UIViewController *presentedViewController;
@property (nonatomic, assign) UIViewController *presentingViewController;
- (NSArray *)childViewControllers;
- (void)addChildViewController:(UIViewController *)child;
- (void)presentViewController:(UIViewController *)controller animated:(BOOL)animated completion:(id)completion;
- (void)dismissViewControllerAnimated:(BOOL)animated completion:(id)completion;
@end

@interface UINavigationController : UIViewController {
    NSMutableArray *_viewControllers;
}
- (id)initWithRootViewController:(UIViewController *)root;
- (NSArray *)viewControllers;
- (UIViewController *)topViewController;
- (void)pushViewController:(UIViewController *)controller animated:(BOOL)animated;
- (UIViewController *)popViewControllerAnimated:(BOOL)animated;
- (NSArray *)popToViewController:(UIViewController *)controller animated:(BOOL)animated;
@end

@interface UIWindow : NSObject {
    UIViewController *rootViewController;
}

@property (nonatomic, retain) UIViewController *rootViewController;
@end

/// A tab bar: one child per tab (navigation stacks), one selected.
@interface UITabBarController : UIViewController {
    NSArray *_viewControllers;
    NSUInteger _selectedIndex;
}
- (void)setViewControllers:(NSArray *)controllers;
- (NSArray *)viewControllers;
- (void)setSelectedIndex:(NSUInteger)index;
- (NSUInteger)selectedIndex;
- (UIViewController *)selectedViewController;
@end

/// Called first in every view controller's dealloc when set (the XFLegoVIPER double clears its weak tables there).
extern void (*UIKitDoubleControllerWillDeallocate)(id controller);

#endif
