#import "UIKitDouble.h"

// The view controller containment the frameworks rely on: navigation stacks, presentation, children, tabs.
// Containers retain what they show, as UIKit does; the rest are weak (assign) back-references.

void (*UIKitDoubleControllerWillDeallocate)(id controller);

@implementation UIViewController
@synthesize navigationController, parentViewController, presentedViewController, presentingViewController;

- (NSArray *)childViewControllers {
    return _childViewControllers ? [NSArray arrayWithArray:_childViewControllers] : [NSArray array];
}

- (void)addChildViewController:(UIViewController *)child {
    if (!_childViewControllers) _childViewControllers = [[NSMutableArray alloc] init];
    [_childViewControllers addObject:child];
    child.parentViewController = self;
}

- (void)presentViewController:(UIViewController *)controller animated:(BOOL)animated completion:(id)completion {
    (void)animated;
    (void)completion;
    self.presentedViewController = controller;
    controller.presentingViewController = self;
}

- (void)dismissViewControllerAnimated:(BOOL)animated completion:(id)completion {
    (void)animated;
    (void)completion;
    // Called on the presented controller (or its presenter), as in UIKit.
    UIViewController *presenter = self.presentingViewController ? self.presentingViewController : self;
    UIViewController *presented = presenter.presentedViewController;
    [[presented retain] autorelease];
    presented.presentingViewController = nil;
    presenter.presentedViewController = nil;
}

- (void)dealloc {
    if (UIKitDoubleControllerWillDeallocate) UIKitDoubleControllerWillDeallocate(self);
    for (UIViewController *child in _childViewControllers) child.parentViewController = nil;
    [_childViewControllers release];
    [presentedViewController release];
    [super dealloc];
}
@end

@implementation UINavigationController

- (id)initWithRootViewController:(UIViewController *)root {
    if ((self = [super init])) {
        _viewControllers = [[NSMutableArray alloc] init];
        [self pushViewController:root animated:NO];
    }
    return self;
}

- (NSArray *)viewControllers { return [NSArray arrayWithArray:_viewControllers]; }

- (UIViewController *)topViewController { return [_viewControllers lastObject]; }

- (void)pushViewController:(UIViewController *)controller animated:(BOOL)animated {
    (void)animated;
    [_viewControllers addObject:controller];
    controller.navigationController = self;
}

- (UIViewController *)popViewControllerAnimated:(BOOL)animated {
    (void)animated;
    if ([_viewControllers count] < 2) return nil;
    UIViewController *top = [[[_viewControllers lastObject] retain] autorelease];
    [_viewControllers removeLastObject];
    top.navigationController = nil;
    return top;
}

- (NSArray *)popToViewController:(UIViewController *)controller animated:(BOOL)animated {
    NSMutableArray *popped = [NSMutableArray array];
    while ([_viewControllers count] > 1 && [_viewControllers lastObject] != controller) {
        [popped addObject:[self popViewControllerAnimated:animated]];
    }
    return popped;
}

- (void)dealloc {
    for (UIViewController *controller in _viewControllers) controller.navigationController = nil;
    [_viewControllers release];
    [super dealloc];
}
@end

@implementation UIWindow
@synthesize rootViewController;

- (void)dealloc {
    [rootViewController release];
    [super dealloc];
}
@end

@implementation UITabBarController

- (void)setViewControllers:(NSArray *)controllers {
    [_viewControllers autorelease];
    _viewControllers = [controllers copy];
    for (UIViewController *controller in _viewControllers) controller.parentViewController = self;
}

- (NSArray *)viewControllers { return _viewControllers ? _viewControllers : [NSArray array]; }
- (void)setSelectedIndex:(NSUInteger)index { _selectedIndex = index; }
- (NSUInteger)selectedIndex { return _selectedIndex; }

- (UIViewController *)selectedViewController {
    return _selectedIndex < [_viewControllers count] ? [_viewControllers objectAtIndex:_selectedIndex] : nil;
}

- (void)dealloc {
    for (UIViewController *controller in _viewControllers) controller.parentViewController = nil;
    [_viewControllers release];
    [super dealloc];
}
@end
