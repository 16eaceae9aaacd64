import Stage

extension Command {
    /// `--help`: usage, outputs and options, in the tool's own name.
    var help: String {
        """
        \(tool) — renders iOS view-controller transitions offscreen into MP4 clips, GIFs and PNG frames.

        Usage:
          \(tool) SCENE [--out PATH] [--fps N] [--scale S] [--device NAME] [--at SECONDS | --filmstrip N]
                 [--transition NAME|INDEX] [--touches | --no-touches] [--no-chrome] [--bezel] [--appearance light|dark]
                 [--reduce-motion] [--reduce-transparency] [--increase-contrast] [--trace-gestures] [--quiet] [--json]
                 [--png-level 0-9] [--png-filter F] [--preset P] [--crf 0-51]
          \(tool) SCENE --dump-tree tree.json --at SECONDS
          \(tool) SCENE --dump-tree FOLDER/ [--fps N] [--scale S] [--transition NAME|INDEX]
          \(tool) SCENE --plot PLOT.png [--device NAME]
          \(tool) tree FILE.json --out still.png [--scale S]
          \(tool) gallery [--out docs/gallery] [--jobs N]
          \(tool) verify GOLDENS_DIR [SCENE …] [--record MODE] [--junit FILE.xml] [--clip] [--out DIR] [--shard I/N]
          \(tool) verify --merge-reports DIR … --out DIR [--junit FILE.xml]
          \(tool) help [SCENE]            what a scene shows, how long it lasts, commands to try
          \(tool) help COMMAND            usage of verify, gallery, tree or help (also: COMMAND --help)
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
          --transition T      only one transition: its name (present, push, pop, present2, …), its label
                              (push DetailViewController) or its index, as 'help SCENE' lists them (from
                              0). A clip, GIF, APNG or PNG sequence then runs from 0.2 s before its start
                              to 0.3 s after its end (within the clip; frame i still at the clip's own
                              frame times); a filmstrip spans the transition. --at stays absolute
          --dump-tree PATH    write the presentation layer tree at --at as a JSON document; with a folder
                              (PATH ending in /) and no --at, every frame's tree as frame-00000.json…
                              (for render-benchmark documents FOLDER)
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
          --trace-gestures    print what each gesture recognizer did and when (began, ended,
                              cancelled, failed, an action whose target is gone)
          --appearance A      light or dark: the system appearance the scene runs in (default light).
                              System colours (label, systemBackground, systemBlue, …) and dynamic
                              colours take their dark values, the status bar's default style shows
                              light content; colours the scene fixes stay as they are
          --reduce-motion     run the scene with Reduce Motion on: UIAccessibility.isReduceMotionEnabled
                              is true, so code that checks it renders its reduced variant
          --reduce-transparency
                              run the scene with Reduce Transparency on
                              (UIAccessibility.isReduceTransparencyEnabled)
          --increase-contrast run the scene with Increase Contrast on: system colours take their
                              high-contrast values (traitCollection.accessibilityContrast == .high,
                              UIAccessibility.isDarkerSystemColorsEnabled)
          --png-level L       zlib level of PNG outputs (sequence, .png, .apng), 0 (none, fastest) to 9
                              (smallest); default 1. The pixels are the same at every level
          --png-filter F      PNG row filter: none, sub, up, paeth or adaptive (libpng's per-row choice);
                              default none (our UI frames compress best unfiltered)
          --preset P          x264 preset of an .mp4, fastest and largest to slowest and smallest:
                              ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
                              (default medium; faster presets also need less memory)
          --crf N             x264 quality of an .mp4, 0 (lossless) to 51 (smallest); default 18
          --quiet, -q         no progress line and no summary (errors are still printed)
          --json              print the summary as JSON on stdout, for scripts
          --list              the scenes, with what each shows and how long it lasts
          --version           the version of render-transition
          --help, -h          this text; after a scene or command (verify, gallery, tree), its own help

        While rendering, a progress line shows on stderr when it is a terminal; at the end one line says
        what was written (path, size, frames, clip length, wall time). Rendering and encoding run on
        different cores at once; a PNG sequence compresses its frames on every core. The files are the
        same bytes whatever the number of cores.

        verify checks each scene's goldens in GOLDENS_DIR (SCENE.present-50.png, SCENE.trace.txt, and
        SCENE.clip.apng with --clip) as assertTransitionSnapshots does, writes DIR/report.md (--out DIR,
        else $SNAPSHOT_ARTIFACTS, else output/verify) with expected | actual | diff images, trace differences and
        timing diagnoses, and exits 1 when anything differs. --record never|missing|failed|all (default:
        $SNAPSHOT_TESTING_RECORD, else never when $CI is set, else missing); --junit FILE.xml for CI;
        --shard I/N checks one of N parts (one per CI job) and --merge-reports joins their reports.

        gallery writes, for every scene, SCENE.mp4 (2×), SCENE.gif (0.7×, 30 fps), SCENE-filmstrip.png and
        SCENE-dark-filmstrip.png into the --out directory (default docs/gallery), each of the whole scene,
        and an index page, README.md.

        Nothing is written at PATH unless the whole render succeeds. Exit status: 0 done, 1 the render
        failed, 2 the command line was wrong.
        """
    }

    /// `help COMMAND`, `COMMAND --help`: a subcommand's synopsis, options, exit status and examples.
    func usage(of subcommand: String) -> String {
        switch subcommand {
        case "verify":
            return """
            Usage: \(tool) verify GOLDENS_DIR [SCENE …] [--record MODE] [--junit FILE.xml] [--clip] [--out DIR]
                     [--device NAME] [--scale S] [--fps N] [--touches] [--shard I/N] [--jobs N] [--quiet] [--json]
                   \(tool) verify --merge-reports DIR … --out DIR [--junit FILE.xml] [--quiet] [--json]

            Checks each scene's goldens in GOLDENS_DIR as assertTransitionSnapshots does: frames at 0, 25, 50,
            75 and 100 % of every transition (SCENE.present-50.png, …), the animated values per frame
            (SCENE.trace.txt), and the whole clip (SCENE.clip.apng) with --clip or when that file is there.
            Without SCENE: every scene; one with no goldens at all is listed as not checked (and fails the
            run when $CI is set). Writes DIR/report.md with expected | actual | diff images, trace
            differences and timing diagnoses. Nothing is recorded unless --record says so.

            Options:
              --record MODE       write goldens: missing (record those not there yet, creating GOLDENS_DIR),
                                  failed (re-record those that differ) or all; never (the default) only
                                  compares. The tests' $SNAPSHOT_TESTING_RECORD does not apply here
              --junit FILE.xml    also write a JUnit XML report, for CI test reporters
              --clip              also check the whole clip as one golden, SCENE.clip.apng
              --out DIR           where report.md and the failure images go (default: $SNAPSHOT_ARTIFACTS,
                                  else output/verify)
              --device NAME       render on \(Device.all.map(\.id).joined(separator: ", ")) (default: the
                                  scene's own device, else iphone-16)
              --scale S           pixels per point of the goldens (default 1)
              --fps N             frames per second of the trace and clip goldens (default 60)
              --touches, --no-touches  draw the finger dots in the goldens, or not (the default)
              --shard I/N         check only part I of N (counted from 1), one part per CI job: the scenes
                                  sorted by name, dealt round-robin, so each is checked in exactly one part
              --jobs N            scenes checked at once (default: one per core); the reports and images
                                  are the same whatever N
              --merge-reports DIR …  instead of checking, join the reports the shards wrote (report.json
                                  beside each report.md, in the DIR folders) into --out DIR (and --junit),
                                  as one run of the whole suite would have written them
              --quiet, -q         print nothing but errors
              --json              print the result as one JSON object on stdout

            Exit status: 0 every golden matches; 1 a golden differs, is missing or stale, a scene's transition
            never completes, or (with $CI set) a scene has no goldens; 2 the command line was wrong or
            GOLDENS_DIR is not there.

            Examples:
              \(tool) verify Goldens --record missing            record the goldens a first time
              CI=true \(tool) verify Goldens --junit output/verify/junit.xml --out output/verify
              \(tool) verify Goldens --shard 2/3 --out output/shard-2      the second of three CI jobs
              \(tool) verify --merge-reports output/shard-* --out output/verify --junit output/verify/junit.xml
            """
        case "gallery":
            return """
            Usage: \(tool) gallery [--out DIR] [--jobs N] [--quiet] [--json]

            Renders every scene with fixed settings into DIR (default docs/gallery): SCENE.mp4 (2×),
            SCENE.gif (0.7×, 30 fps), SCENE-filmstrip.png and SCENE-dark-filmstrip.png (dark appearance),
            then DIR/README.md, an index of them all, and prints a Markdown table of the GIFs, each linking
            to its MP4, for a README. Missing parent folders are created.

            Options:
              --out DIR           the folder to write into (default docs/gallery)
              --jobs N            scenes rendered at once (default: one per core); the files are the
                                  same whatever N
              --quiet, -q         print nothing but errors
              --json              print the files written as one JSON object on stdout

            Exit status: 0 done; 1 a render failed; 2 the command line was wrong.

            Example:
              \(tool) gallery --out docs/gallery
            """
        case "tree":
            return """
            Usage: \(tool) tree FILE.json --out still.png [--scale S] [--quiet] [--json]

            Draws a layer-tree document (written by `\(tool) SCENE --dump-tree FILE.json --at SECONDS`, or
            by hand) into one PNG, with the same renderer as a scene's frames.

            Options:
              --out still.png     the PNG to write (required)
              --scale S           pixels per point, up to 4 (default: the document's own scale)
              --quiet, -q         print nothing but errors
              --json              print the summary as JSON on stdout

            Exit status: 0 done; 1 the file could not be written; 2 the command line or the document was
            wrong (the message names the JSON path of the problem).

            Example:
              \(tool) \(scenes.names.first ?? "SCENE") --dump-tree output/tree.json --at 0.5
              \(tool) tree output/tree.json --out output/tree.png --scale 2
            """
        default:
            return """
            Usage: \(tool) help [SCENE | COMMAND]

            Without a word: the whole usage (as --help). With a scene: what it shows, its device, how long it
            lasts, its transitions and commands to try. With a command (\(Command.reservedWords.sorted().joined(separator: ", "))):
            that command's usage, as COMMAND --help.

            Examples:
              \(tool) help \(scenes.names.first ?? "SCENE")
              \(tool) help verify
            """
        }
    }
}
