// A stand-in for Apple's Foundation with the declarations LegoTraceRecorder uses, in Apple's spelling, so that the
// Swift toolchain's clang can check the recorder's sources under ARC (`-fobjc-arc`, Apple's runtime ABI) on Linux:
// `make -C recorders/objc arc-check`. Syntax and ARC semantics only; nothing is linked against it.
#import <objc/runtime.h>
#include <stddef.h>
#include <stdint.h>

typedef unsigned long NSUInteger;
typedef long NSInteger;
#define NSNotFound ((NSInteger)0x7fffffffffffffffL)
typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange;
typedef NSInteger NSComparisonResult;
typedef unsigned short unichar;
typedef double NSTimeInterval;

@class NSString, NSArray, NSDictionary;

@protocol NSObject
- (BOOL)isKindOfClass:(Class)aClass;
- (BOOL)respondsToSelector:(SEL)aSelector;
- (NSString *)description;
@end


@protocol NSFastEnumeration
- (NSUInteger)countByEnumeratingWithState:(void *)state objects:(id __unsafe_unretained [])buffer count:(NSUInteger)len;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (instancetype)alloc;
- (instancetype)init;
+ (Class)class;
- (Class)class;
+ (BOOL)respondsToSelector:(SEL)aSelector;
+ (IMP)methodForSelector:(SEL)aSelector;
- (IMP)methodForSelector:(SEL)aSelector;
@end

@interface NSString : NSObject
+ (instancetype)stringWithUTF8String:(const char *)text;
+ (instancetype)stringWithFormat:(NSString *)format, ...;
- (const char *)UTF8String;
- (const char *)fileSystemRepresentation;
- (NSUInteger)length;
- (unichar)characterAtIndex:(NSUInteger)index;
- (BOOL)isEqualToString:(NSString *)other;
- (NSString *)stringByAppendingString:(NSString *)other;
- (BOOL)hasPrefix:(NSString *)prefix;
- (BOOL)isAbsolutePath;
- (NSRange)rangeOfString:(NSString *)text;
- (NSString *)substringToIndex:(NSUInteger)index;
- (NSString *)substringFromIndex:(NSUInteger)index;
- (NSString *)uppercaseString;
- (NSArray *)componentsSeparatedByString:(NSString *)separator;
- (NSString *)stringByAppendingPathComponent:(NSString *)component;
- (NSComparisonResult)compare:(NSString *)other;
@end

@interface NSArray : NSObject <NSFastEnumeration>
- (NSUInteger)count;
- (id)objectAtIndex:(NSUInteger)index;
- (NSUInteger)indexOfObject:(id)object;
- (BOOL)containsObject:(id)object;
- (NSArray *)sortedArrayUsingSelector:(SEL)comparator;
- (id)lastObject;
- (NSString *)componentsJoinedByString:(NSString *)separator;
@end

@interface NSArray (Creation)
+ (instancetype)arrayWithObject:(id)object;
@end

@interface NSURL : NSObject
- (NSString *)scheme;
- (NSString *)query;
- (NSString *)absoluteString;
@end

@interface NSURLQueryItem : NSObject
- (NSString *)name;
- (NSString *)value;
@end

@interface NSURLComponents : NSObject
+ (instancetype)componentsWithURL:(NSURL *)url resolvingAgainstBaseURL:(BOOL)resolve;
- (NSArray *)queryItems;
@end

@interface NSException : NSObject
- (NSString *)name;
@end
extern NSString *const NSUndefinedKeyException;

@interface NSMutableArray : NSArray
+ (instancetype)array;
- (void)addObject:(id)object;
@end

@interface NSDictionary : NSObject <NSFastEnumeration>
+ (instancetype)dictionaryWithObject:(id)object forKey:(id)key;
- (id)objectForKey:(id)key;
- (NSArray *)allKeys;
@end

@interface NSError : NSObject
+ (instancetype)errorWithDomain:(NSString *)domain code:(NSInteger)code userInfo:(NSDictionary *)info;
- (NSString *)localizedDescription;
@end

@interface NSProcessInfo : NSObject
+ (NSProcessInfo *)processInfo;
- (NSArray *)arguments;
- (NSString *)processName;
- (NSString *)operatingSystemVersionString;
@end

@interface NSBundle : NSObject
+ (NSBundle *)mainBundle;
+ (NSBundle *)bundleForClass:(Class)aClass;
- (id)objectForInfoDictionaryKey:(NSString *)key;
@end

@interface NSNotification : NSObject
@end

@interface NSNotificationCenter : NSObject
+ (NSNotificationCenter *)defaultCenter;
- (void)addObserver:(id)observer selector:(SEL)selector name:(NSString *)name object:(id)object;
- (void)removeObserver:(id)observer;
@end

extern NSString *const NSLocalizedDescriptionKey;
extern void NSLog(NSString *format, ...);
extern Class NSClassFromString(NSString *name);
extern NSString *NSStringFromClass(Class aClass);
extern NSString *NSHomeDirectory(void);
