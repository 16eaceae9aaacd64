import RenderTransitionCLI
import Scenes

RenderTransitionCLI.main(scenes: builtInScenes)
