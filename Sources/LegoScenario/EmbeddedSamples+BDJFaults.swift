extension EmbeddedSamples {
    /// The sample app with exactly five seeded faults (`samples/bdj-faults.yml`, byte for byte).
    public static let bdjFaults = #"""
# 百思不得姐 (BDJ): the sample app of the XFLegoVIPER guides, modelled for lego-trace.
# The same session as samples/bdj-app.yml with EXACTLY five seeded faults, each marked FAULT:
#   (a) leaked-module: SignIn's presenter is captured by a closure it keeps (a real retain cycle),
#       so SignIn outlives its dismissal;
#   (b) duplicate-module-name: a comment links back to its post, pushing a second Post while the
#       first is live, and the registries' name entry is overwritten;
#   (c) illegal-url-hierarchy: a tag in a comment opens bdj://essence/recommendTag although the
#       live chain is IndexTab > Essence > AllPost > PostComment, not Essence > RecommendTag;
#   (d) duplicate-module-name: a comment is opened from two tabs (Essence's list and New) at once;
#   (e) orphan-component: a presenter (Publish) is dismissed while what it presented (PublishContent)
#       stays registered, unreachable from the root.
# Format: docs/scenario-format.md.
description: The 百思不得姐 sample with five seeded faults (leak, two duplicate names, illegal URL hierarchy, orphan).

app:
  name: BDJ
  prefix: BDJ
  modules:
    - {name: IndexTab}                          # Tab主UI框架页, the root (BDJIndexTabRouting)
    - {name: Essence}                           # 精华 tab
    - {name: New}                               # 新帖 tab
    - {name: FriendTrends}                      # 关注 tab
    - {name: UserCenter}                        # 我 tab
    - {name: Post}                              # 通用帖子模块, the gene of the post lists
    - {name: AllPost, kind: virtual, gene: Post}
    - {name: VideoPost, kind: virtual, gene: Post}
    - {name: VoicePost, kind: virtual, gene: Post}
    - {name: PicturePost, kind: virtual, gene: Post}
    - {name: WordsPost, kind: virtual, gene: Post}
    - {name: PostComment}                       # 帖子评论
    - {name: PostPictureBrowse, kind: controller}   # 浏览大图 (XF_EXPORT_COMPONENT)
    - {name: RecommendTag}                      # 推荐标签
    - {name: FriendsRecomment}                  # 推荐朋友 (sic, as registered)
    - {name: SignIn, layers: [routing, presenter, activity, interactor]}   # 登录
    - {name: Publish, kind: controller}         # 发布作品 (XFComponentViewController)
    - {name: PublishContent}                    # 发布内容
    - {name: WebBrowse, kind: controller}       # opens http links
  httpHandler: WebBrowse
  urls:                                         # [XFURLRoute initURLGroup:@[…]]
    - bdj://indexTab
    - bdj://indexTab/publish
    - bdj://indexTab/publish/publishContent
    - bdj://friendTrends/friendsRecomment
    - bdj://userCenter/signIn
    - bdj://essence/recommendTag
    - bdj://essence/post
    - bdj://essence/post/postPictureBrowse
    - bdj://essence/post/postComment

journey:
  # didFinishLaunchingWithOptions: logs on before the root loads, then the tab bar and its children.
  - enableLogs: true
  - showRoot: bdj://indexTab
  - addSub: [Essence, New, FriendTrends, UserCenter]
  - addSub: [AllPost, VideoPost, VoicePost, PicturePost, WordsPost]
    to: Essence
  - observe: BDJTabBarSelectAgainNotification
    from: Essence
  - advanceClock: 0.5

  # A post in the 全部 list: its comments (the list is a Post shell, so the URL's `post` matches it).
  - push: bdj://essence/post/postComment
    from: AllPost
    data: post 1001
  - sendEvent: BDJPostSelectedEvent
    to: PostComment
    data: "1001"
  - advanceClock: 2
  # FAULT (c): Essence never pushed RecommendTag; this URL does not match the live chain.
  - push: bdj://essence/recommendTag
  - advanceClock: 1
  - pop
  - pop:
    data: comment read

  # A picture in the 图片 list, browsed full screen (a controller component), then closed.
  - present: bdj://essence/post/postPictureBrowse?pid=1002
    from: PicturePost
  - advanceClock: 1
  - dismiss

  # Recommended tags from the 精华 tab; a share sheet holds the screen briefly and lets go.
  - push: bdj://essence/recommendTag
    from: Essence
  - hold: RecommendTag
    label: share sheet
  - advanceClock: 0.5
  - release: share sheet
  - pop

  # Tapping the selected tab again reloads it.
  - postNotification: BDJTabBarSelectAgainNotification

  # 关注: recommended friends.
  - push: bdj://friendTrends/friendsRecomment
    from: FriendTrends
  - advanceClock: 1
  - pop

  # 我: sign in, then back with the result.
  - present: bdj://userCenter/signIn
    from: UserCenter
  # FAULT (a): the login callback block captures SignIn's presenter strongly and is kept by it.
  - retainCycle: SignIn
  - advanceClock: 1
  - dismiss:
    data: signed in

  # Publish (a controller) presents PublishContent with URL params and intent data; both are closed.
  - present: bdj://indexTab/publish
    from: IndexTab
  - present: bdj://indexTab/publish/publishContent?usrId=123&usrname=aa
    data: 控制器到模块的数据
  - advanceClock: 1
  - dismiss:
    data: 模块给控制器返回的数据
  - dismiss:
    data: 控制器的返回数据

  # A link in a post opens in the HTTP handler.
  - push: https://www.budejie.com
    from: IndexTab
  - pop

  # By component name (XF_PUSH_Component_Fast): the hot posts, a comment, back to the tab bar.
  - push: Post
    from: Essence
  - push: PostComment
  # FAULT (b): "view original post" pushes a second Post while the first one is live.
  - push: Post
  - advanceClock: 1
  - pop
  - sendEvent: BDJThemeChangedEvent
  - popTo: IndexTab

  # FAULT (d): a comment opened from the 精华 tab's list and, while it is live, from the 新帖 tab: two live
  # PostComments, reached through two tabs.
  - push: PostComment
    from: AllPost
  - push: PostComment
    from: New
  - advanceClock: 1
  # FAULT (e): Publish presents PublishContent, then Publish itself is dismissed: the framework releases Publish
  # only, and PublishContent stays registered with no way back to the root.
  - present: bdj://indexTab/publish
    from: IndexTab
  - present: bdj://indexTab/publish/publishContent?usrId=123&usrname=aa
  - dismiss:
    from: Publish

  # Time for every released object to be gone well past any grace period.
  - advanceClock: 3

"""#
}
