import LegoModel
import Testing

@Test func prefixIsInferredFromLeadingCapitalsMinusTheLast() {
    #expect(Naming.inferPrefix(fromRoutingClass: "BDJEssenceRouting") == "BDJ")
    #expect(Naming.inferPrefix(fromRoutingClass: "XFSearchRouting") == "XF")
    #expect(Naming.inferPrefix(fromRoutingClass: "Routing") == nil)
    #expect(Naming.inferPrefix(fromRoutingClass: "ABC") == nil)
}

@Test func classNamesSplitIntoModuleAndLayer() throws {
    let post = try #require(Naming.split(className: "BDJPostRouting", prefix: "BDJ"))
    #expect(post.name == "Post")
    #expect(post.layer == .routing)
    let browse = try #require(Naming.split(className: "BDJPostPictureBrowseViewController", prefix: "BDJ"))
    #expect(browse.name == "PostPictureBrowse")
    #expect(browse.layer == .viewController)
}

@Test func aSecondPrefixLeaksIntoTheModuleName() throws {
    let setting = try #require(Naming.split(className: "LGSettingViewModel", prefix: "XF"))
    #expect(setting.name == "LGSetting")
    #expect(setting.layer == .viewModel)
    #expect(Naming.split(className: "BDJHelper", prefix: "BDJ") == nil)
    #expect(Naming.split(className: "BDJRouting", prefix: "BDJ") == nil)
}

@Test func urlComponentNameIsTheLastSegmentCapitalized() {
    #expect(Naming.componentName(forURL: "bdj://essence/post/postComment") == "PostComment")
    #expect(Naming.componentName(forURL: "bdj://indexTab") == "IndexTab")
    #expect(Naming.componentName(forURL: "bdj://indexTab/publish/publishContent?usrId=123&usrname=aa") == "PublishContent")
    #expect(Naming.componentName(forURL: "bdj://") == nil)
}

@Test func urlQueryIsSplitInOrder() {
    let url = ComponentURL("bdj://indexTab/publish/publishContent?usrId=123&usrname=aa&flag")
    #expect(url.path == "bdj://indexTab/publish/publishContent")
    #expect(url.modules == ["IndexTab", "Publish", "PublishContent"])
    #expect(url.query == [Parameter(key: "usrId", value: "123"), Parameter(key: "usrname", value: "aa"), Parameter(key: "flag", value: "")])
    #expect(ComponentURL("https://example.com/x").isHTTP)
    #expect(!ComponentURL("bdj://x").isHTTP)
}
