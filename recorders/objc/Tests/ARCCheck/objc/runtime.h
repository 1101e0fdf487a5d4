// Apple's runtime functions LegoTraceRecorder uses, as <objc/runtime.h> declares them (see Foundation/Foundation.h).
#ifndef LT_ARC_CHECK_RUNTIME_H
#define LT_ARC_CHECK_RUNTIME_H
typedef struct objc_method *Method;
typedef void (*IMP)(void);
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
Class object_getClass(id object);
const char *class_getName(Class cls);
Method class_getInstanceMethod(Class cls, SEL name);
Method *class_copyMethodList(Class cls, unsigned int *outCount);
SEL method_getName(Method m);
IMP method_getImplementation(Method m);
IMP method_setImplementation(Method m, IMP imp);
const char *method_getTypeEncoding(Method m);
BOOL class_addMethod(Class cls, SEL name, IMP imp, const char *types);
SEL sel_registerName(const char *str);
BOOL sel_isEqual(SEL lhs, SEL rhs);
#endif
