import Stage

extension Command {
    /// `--help`: usage, outputs and options, in the tool's own name.
    var help: String {
        """
        \(tool) — renders iOS view-controller transitions offscreen into MP4 clips, GIFs and PNG frames.

        Usage:
          \(tool) SCENE [--out PATH] [--fps N] [--scale S] [--device NAME] [--at SECONDS | --filmstrip N]
                 [--touches | --no-touches] [--no-chrome] [--bezel] [--appearance light|dark] [--quiet] [--json]
          \(tool) SCENE --dump-tree tree.json --at SECONDS
          \(tool) SCENE --plot PLOT.png [--device NAME]
          \(tool) tree FILE.json --out still.png [--scale S]
          \(tool) gallery [--out docs/gallery]
          \(tool) verify GOLDENS_DIR [SCENE …] [--record MODE] [--junit FILE.xml] [--clip] [--out DIR]
          \(tool) help [SCENE]            what a scene shows, how long it lasts, commands to try
          \(tool) --list [--json]
          \(tool) --version

        Output (--out; default output/SCENE.mp4; missing parent folders are created):
          clip.mp4            H.264 MP4 of the whole clip (yuv420p, BT.709, constant frame rate)
          clip.gif            looping animated GIF of the whole clip (one palette); without --fps it plays
                              at 50 fps (the fastest rate GIF shows exactly) and without --scale it is
                              \(Int(Self.defaultGIFWidth)) px wide
          clip.apng           looping animated PNG of the whole clip, lossless (every frame exact, frame i at
                              exactly i/fps s; browsers keep time up to 90 fps); at the device's scale unless
                              --scale (no GIF-like downscale)
          frames/             a PNG sequence: frames/frame-00000.png, frame-00001.png, …
          still.png --at T    one PNG of the screen at T seconds
          strip.png --filmstrip N
                              one PNG with N evenly spaced moments of the transition side by side

        Options:
          --fps N             frames per second, 1–240 (default 60; at most 50 for a .gif)
          --scale S           pixels per point, up to 4 (default: the device's, 3 for iPhone 16)
          --device NAME       \(Device.all.map(\.id).joined(separator: ", ")) (default iphone-16)
          --at SECONDS        the moment a .png still shows
          --filmstrip N       how many moments a filmstrip .png shows, 2–24
          --dump-tree PATH    write the presentation layer tree at --at as a JSON document
          --plot PLOT.png     draw the animated properties' progress against time (240 Hz samples, marks at
                              touches and transitions); names and colours go to PLOT.png.txt and stdout.
                              Without --out only the plot is written.
          --touches           draw a translucent dot under each finger that is down; where a finger lifts
                              the dot stays 0.05 s and fades out over 0.2 s, so taps show (default: on
                              for scenes whose script drags, pans or swipes; off for taps only)
          --no-touches        never draw the touch dots
          --no-chrome         leave out the device around the app: status bar (9:41, cellular, Wi-Fi,
                              battery, in the top view controller's preferredStatusBarStyle, cross-
                              fading when it changes in an animation block), Dynamic
                              Island or notch, home indicator (drawn by default)
          --bezel             frame the screen in the phone's outline with the display's rounded
                              corners, for docs media (the output grows by the bezel)
          --appearance A      light or dark: the system appearance the scene runs in (default light).
                              System colours (label, systemBackground, systemBlue, …) and dynamic
                              colours take their dark values, the status bar's default style shows
                              light content; colours the scene fixes stay as they are
          --quiet, -q         no progress line and no summary (errors are still printed)
          --json              print the summary as JSON on stdout, for scripts
          --list              the scenes, with what each shows and how long it lasts
          --version           the version of render-transition

        While rendering, a progress line shows on stderr when it is a terminal; at the end one line says
        what was written (path, size, frames, clip length, wall time).

        verify checks each scene's goldens in GOLDENS_DIR (SCENE.present-50.png, SCENE.trace.txt, and
        SCENE.clip.apng with --clip) as assertTransitionSnapshots does, writes DIR/report.md (default
        output/verify, or $SNAPSHOT_ARTIFACTS) with expected | actual | diff images, trace differences and
        timing diagnoses, and exits 1 when anything differs. --record never|missing|failed|all (default:
        $SNAPSHOT_TESTING_RECORD, else never when $CI is set, else missing); --junit FILE.xml for CI.

        gallery writes, for every scene, SCENE.mp4 (2×), SCENE.gif (0.7×, 30 fps) and SCENE-filmstrip.png
        into the --out directory (default docs/gallery).

        Nothing is written at PATH unless the whole render succeeds. Exit status: 0 done, 1 the render
        failed, 2 the command line was wrong.
        """
    }
}
