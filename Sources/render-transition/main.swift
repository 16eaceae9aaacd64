print("render-transition")
