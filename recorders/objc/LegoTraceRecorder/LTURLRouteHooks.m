// Hooks on XFURLRoute: the route table and URL opens (LTHooks.h; shared pieces in LTHookSupport.h).
#import "LTHookSupport.h"

#include <stdlib.h>
#include <string.h>

#pragma mark - XFURLRoute

static IMP ltInitURLGroup, ltRegisterURL, ltRemoveURL, ltSetHTTPHandler, ltOpenURL;

// The route key: what the framework's own parser calls the URL's path (the text before `?`).
static NSString *LTRouteKey(NSString *url) {
    id path = LTAsk(@"XFURLParse", "pathForURL:", url);
    if ([path isKindOfClass:[NSString class]]) return path;
    NSRange query = [url rangeOfString:@"?"];
    return query.location == NSNotFound ? url : [url substringToIndex:query.location];
}

// `register:` names the component and calls this, so registrations are recorded once, here.
static void LTRegisterURL(id self, SEL _cmd, NSString *url, NSString *componentName) {
    if (ltRecording && url && componentName) {
        LTLock();
        const char *key = LTText(LTRouteKey(url));
        LTNameEntry *entry = key ? LTNameTableFind(ltRouteTable, key) : NULL;
        LTEvent event = LTEventMake("url.register");
        event.name = LTText(componentName);
        event.url = LTText(url);
        event.effect = entry ? "overwritten" : "added";
        event.peerName = entry ? entry->text : NULL;
        LTWriterRecord(&event);
        if (key) {
            entry = LTNameTableEntry(ltRouteTable, key);
            free(entry->text);
            entry->text = LTCopy(componentName);
        }
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *, NSString *))ltRegisterURL)(self, _cmd, url, componentName);
}

static void LTCountRoute(const char *name, LTNameEntry *entry, void *context) {
    (void)name;
    (void)entry;
    (*(size_t *)context)++;
}

static void LTInitURLGroup(id self, SEL _cmd, id group) {
    // The array form registers each URL through register:forComponent: (recorded there); the dictionary form
    // replaces the whole table without it.
    if (ltRecording && [group isKindOfClass:[NSDictionary class]]) {
        LTLock();
        size_t dropped = 0;
        LTNameTableForEach(ltRouteTable, LTCountRoute, &dropped);
        LTEvent event = LTEventMake("url.replaceAll");
        event.hasCount = 1;
        event.count = (int64_t)dropped;
        LTWriterRecord(&event);
        LTNameTableClear(ltRouteTable);
        NSDictionary *routes = group;
        for (NSString *url in [[routes allKeys] sortedArrayUsingSelector:@selector(compare:)]) {
            NSString *component = [routes objectForKey:url];
            LTEvent added = LTEventMake("url.register");
            added.name = LTText(component);
            added.url = LTText(url);
            added.effect = "added";
            LTWriterRecord(&added);
            const char *key = LTText(LTRouteKey(url));
            if (!key) continue;
            LTNameEntry *entry = LTNameTableEntry(ltRouteTable, key);
            free(entry->text);
            entry->text = LTCopy(component);
        }
        LTUnlock();
    }
    ((void (*)(id, SEL, id))ltInitURLGroup)(self, _cmd, group);
}

static void LTRemoveURL(id self, SEL _cmd, NSString *url) {
    if (ltRecording && url) {
        LTLock();
        const char *key = LTText(LTRouteKey(url));
        LTNameEntry *entry = key ? LTNameTableFind(ltRouteTable, key) : NULL;
        LTEvent event = LTEventMake("url.remove");
        event.name = entry ? entry->text : NULL;
        event.url = LTText(url);
        LTWriterRecord(&event);
        if (key) LTNameTableRemove(ltRouteTable, key);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltRemoveURL)(self, _cmd, url);
}

static void LTSetHTTPHandler(id self, SEL _cmd, NSString *componentName) {
    if (ltRecording && componentName) {
        LTLock();
        free(ltHTTPHandler);
        ltHTTPHandler = LTCopy(componentName);
        LTEvent event = LTEventMake("url.handler");
        event.name = ltHTTPHandler;
        LTWriterRecord(&event);
        LTUnlock();
    }
    ((void (*)(id, SEL, NSString *))ltSetHTTPHandler)(self, _cmd, componentName);
}

// The open's place in the trace is taken before the framework runs it (the transition it starts follows it),
// and filled with the result afterwards.
static BOOL LTOpenURL(id self, SEL _cmd, NSString *url, id transitionBlock) {
    if (!ltRecording || !url) return ((BOOL (*)(id, SEL, NSString *, id))ltOpenURL)(self, _cmd, url, transitionBlock);
    int fromBus = ltContextURL == url;
    uint64_t opener = fromBus ? ltContextOpener : 0;
    const char *operation = fromBus ? ltContextOperation : NULL;
    LTSlot *slot = LTWriterReserve();
    BOOL opened = ((BOOL (*)(id, SEL, NSString *, id))ltOpenURL)(self, _cmd, url, transitionBlock);
    LTLock();
    int http = [url hasPrefix:@"http"];
    LTNameEntry *route = LTNameTableFind(ltRouteTable, LTText(LTRouteKey(url)));
    const char *target = http ? ltHTTPHandler : (route ? route->text : NULL);
    // Parameters as the framework's parser reads them, in the order the query writes them.
    NSDictionary *parsed = http ? [NSDictionary dictionaryWithObject:url forKey:@"url"] : LTAsk(@"XFURLParse", "paramsForURL:", url);
    NSMutableArray *keys = [NSMutableArray array];
    if (http) {
        [keys addObject:@"url"];
    } else {
        NSRange query = [url rangeOfString:@"?"];
        NSString *text = query.location == NSNotFound ? @"" : [url substringFromIndex:query.location + 1];
        for (NSString *pair in [text componentsSeparatedByString:@"&"]) {
            NSString *key = [[pair componentsSeparatedByString:@"="] objectAtIndex:0];
            if ([key length] && [parsed objectForKey:key] && ![keys containsObject:key]) [keys addObject:key];
        }
    }
    size_t count = [keys count];
    LTParam *params = count ? calloc(count, sizeof *params) : NULL;
    for (size_t index = 0; index < count; index++) {
        NSString *key = [keys objectAtIndex:index];
        id value = [parsed objectForKey:key];
        params[index].key = LTText(key);
        params[index].value = LTText([value isKindOfClass:[NSString class]] ? value : [value description]);
    }
    LTEvent event = LTEventMake("url.open");
    event.name = target;
    event.obj = opener;
    event.url = LTText(url);
    event.op = operation;
    event.params = params;
    event.paramsCount = count;
    event.hasParams = 1;
    event.ok = opened ? 1 : 0;
    NSString *reason = nil;
    if (!opened) {
        reason = target ? [NSString stringWithFormat:@"the framework refused to open %@ (an interceptor, or no component %s)", url, target]
                        : [NSString stringWithFormat:@"no component registered for %@", url];
    }
    event.value = LTText(reason);
    LTWriterFill(slot, &event);
    free(params);
    LTUnlock();
    return opened;
}

// Route registrations and opens.
const LTHook LTURLRouteHooks[] = {
    {"XFURLRoute", "initURLGroup:", 1, (IMP)LTInitURLGroup, &ltInitURLGroup},
    {"XFURLRoute", "register:forComponent:", 1, (IMP)LTRegisterURL, &ltRegisterURL},
    {"XFURLRoute", "remove:", 1, (IMP)LTRemoveURL, &ltRemoveURL},
    {"XFURLRoute", "setHTTPHandlerComponent:", 1, (IMP)LTSetHTTPHandler, &ltSetHTTPHandler},
    {"XFURLRoute", "open:transitionBlock:", 1, (IMP)LTOpenURL, &ltOpenURL},
};
const size_t LTURLRouteHookCount = sizeof LTURLRouteHooks / sizeof LTURLRouteHooks[0];
