@testable import LegoAnalysis
import LegoModel
import Testing

@Test(arguments: [
    "bdj://essence/post/postComment?id=1&x=y", "bdj://indexTab", "bdj://essence//post/", "essence/post",
    "bdj://首页/帖子", "bdj://Essence/éclair", "HTTPS://example.com/a", "httpx?a://b/c", "bdj://a/b?q=http://x/y", "",
])
func urlHelpersSplitExactlyLikeComponentURL(_ url: String) {
    let parsed = ComponentURL(url)
    #expect(ComponentURL.routeKey(url) == String(url.prefix { $0 != "?" }))
    #expect(parsed.path == ComponentURL.routeKey(url))
    #expect(URLText.isHTTP(url) == parsed.isHTTP)
    #expect(URLText.modules(url, minimum: 0) == parsed.modules)
    #expect(URLText.modules(url, minimum: 2) == (parsed.modules.count >= 2 ? parsed.modules : []))
}
