import RenderTransitionCLI
import MyTransitions

RenderTransitionCLI.main(scenes: myScenes)
