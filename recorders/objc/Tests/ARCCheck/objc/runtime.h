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
@class Protocol;
id objc_getClass(const char *name);
int objc_getClassList(Class __unsafe_unretained *buffer, int bufferCount);
Class class_getSuperclass(Class cls);
Protocol * __unsafe_unretained *class_copyProtocolList(Class cls, unsigned int *outCount);
Protocol * __unsafe_unretained *protocol_copyProtocolList(Protocol *proto, unsigned int *outCount);
const char *protocol_getName(Protocol *proto);
#define Nil ((Class)0)
typedef struct objc_ivar *Ivar;
typedef struct objc_property *objc_property_t;
Protocol *objc_getProtocol(const char *name);
Protocol * __unsafe_unretained *objc_copyProtocolList(unsigned int *outCount);
BOOL class_conformsToProtocol(Class cls, Protocol *protocol);
BOOL protocol_conformsToProtocol(Protocol *proto, Protocol *other);
objc_property_t protocol_getProperty(Protocol *proto, const char *name, BOOL isRequiredProperty, BOOL isInstanceProperty);
objc_property_t class_getProperty(Class cls, const char *name);
const char *property_getAttributes(objc_property_t property);
char *method_copyArgumentType(Method m, unsigned int index);
Ivar class_getInstanceVariable(Class cls, const char *name);
Ivar *class_copyIvarList(Class cls, unsigned int *outCount);
const char *ivar_getTypeEncoding(Ivar v);
long ivar_getOffset(Ivar v);
Class objc_allocateClassPair(Class superclass, const char *name, unsigned long extraBytes);
void objc_registerClassPair(Class cls);
#endif
