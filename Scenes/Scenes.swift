import Stage

/// Every built-in scene, in the order `--list` shows them.
public let builtInScenes: [Scene.Type] = [
    CardExpandScene.self,
    CardCollapseScene.self,
    PanelPresentScene.self,
    PanelDismissScene.self,
    PanelMenuRightScene.self,
    PanelBannerTopScene.self,
    PanelDragDismissScene.self,
    PanelDragCancelScene.self,
    PanelPresentInterruptedScene.self,
    PanelDismissInterruptedScene.self,
    PanelEdgePresentScene.self,
    CrossDissolveScene.self,
    HalfWaySpringScene.self,
    BloqScene.self,
    EdgeInteractiveScene.self,
    CustomPresentationScene.self,
    NavPushScene.self,
    NavPopScene.self,
    NavInteractivePopScene.self,
    SettingsPushScene.self,
    PhotoZoomScene.self,
    TabSlideScene.self,
    DynamicsPiPScene.self,
    DynamicsDropScene.self,
    SheetPresentScene.self,
    SheetStackedScene.self,
    SheetDetentsScene.self,
    SheetSwipeDismissScene.self,
]

public func scene(named name: String) -> Scene.Type? { builtInScenes.first { $0.name == name } }
