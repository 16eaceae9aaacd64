// The last step of a PNG sequence: the finished frames in the partial directory replace the sequence at
// the target, so that either the old sequence or the new one is there in full.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension PNGSequenceSink {
    /// What a directory holds, read before anything moves.
    struct Listing {
        /// Entries named as frames (`frame-NNNNN.png`); each is a file or a symbolic link.
        var frames: Set<String> = []
        /// Every other entry, and whether each is a file or a symbolic link (so it can be hard-linked).
        var others: [(name: String, linkable: Bool)] = []
    }

    /// The entries of `directory` (`shownAs` in messages). Throws, naming the entry, when one named as a
    /// frame is not a file (a directory, say): replacing it would fail half-way, so nothing starts.
    static func existingFrames(in directory: URL, shownAs shown: URL) throws -> Listing {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MediaError("Cannot read the folder \(shown.path) to replace the PNG sequence in it:"
                             + " \((error as NSError).localizedDescription). Check its permissions or choose another output folder.")
        }
        var listing = Listing()
        for name in names.sorted() {
            var info = stat()
            guard lstat(directory.appendingPathComponent(name).path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            let linkable = type == S_IFREG || type == S_IFLNK
            if frameIndex(ofName: name) != nil {
                guard linkable else {
                    let what = type == S_IFDIR ? "a directory" : "not a regular file"
                    throw MediaError("Cannot write the PNG sequence into \(shown.path): \(shown.appendingPathComponent(name).path)"
                                     + " is \(what), and the sequence needs that name for a frame. Nothing was changed;"
                                     + " move or rename it, or choose another output folder.")
                }
                listing.frames.insert(name)
            } else {
                listing.others.append((name, linkable))
            }
        }
        return listing
    }

    /// Puts the frames of `partial` at the target. A target that does not exist is the partial renamed.
    /// An existing one is checked first (`existingFrames`), then replaced in one of two ways:
    /// - the whole folder at once: the entries that are not frames are hard-linked into the partial, and
    ///   the two folders are exchanged by one rename (renameat2 RENAME_EXCHANGE); the old folder, now at
    ///   the partial's name, is deleted. Nothing can see a mix, even if the process dies.
    /// - frame by frame, when that cannot be done (the folder holds sub-folders, belongs to another user,
    ///   or the file system has no exchange): each old frame is moved aside before the new one takes its
    ///   name, and any failure moves everything back, so an error leaves the old sequence in full.
    func publish(_ partial: URL, frameCount: Int) throws {
        let target = resolved.path
        var info = stat()
        if stat(target, &info) != 0 {
            if rename(partial.path, target) == 0 { return }
            let code = errno
            // Created meanwhile (rename cannot replace a non-empty directory): replace its sequence below.
            guard code == ENOTEMPTY || code == EEXIST else {
                throw MediaError("Cannot move the PNG sequence into place at \(directory.path): "
                                 + "\(AtomicOutput.errnoText(code)).\(AtomicOutput.hint(for: code))")
            }
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            throw MediaError("Cannot finish the PNG sequence: \(directory.path) is now a file, not a directory."
                             + " Remove it or choose another output path.")
        }
        let listing = try Self.existingFrames(in: resolved, shownAs: directory)
        if try exchange(partial, listing: listing) { return }
        try replaceFrameByFrame(partial, frameCount: frameCount, listing: listing)
    }

    /// The whole-folder exchange; false (with the partial as it was) when it cannot be done here.
    private func exchange(_ partial: URL, listing: Listing) throws -> Bool {
        guard listing.others.allSatisfy(\.linkable), let renameExchange = AtomicOutput.renameExchange else { return false }
        var old = stat()
        guard stat(resolved.path, &old) == 0, old.st_uid == geteuid() else { return false }
        var linked: [String] = []
        func unlinkAll() { for name in linked { unlink(partial.appendingPathComponent(name).path) } }
        for entry in listing.others {
            guard linkat(AT_FDCWD, resolved.appendingPathComponent(entry.name).path,
                         AT_FDCWD, partial.appendingPathComponent(entry.name).path, 0) == 0 else {
                unlinkAll()
                return false
            }
            linked.append(entry.name)
        }
        chmod(partial.path, old.st_mode & 0o7777)
        guard renameExchange(AT_FDCWD, partial.path, AT_FDCWD, resolved.path, 2 /* RENAME_EXCHANGE */) == 0 else {
            unlinkAll()
            return false
        }
        // The old folder is at the partial's name now. An entry someone created in it since it was listed
        // is not ours to delete: move it across before the old folder goes.
        let known = listing.frames.union(listing.others.map(\.name))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: partial.path)) ?? [] where !known.contains(name) {
            _ = rename(partial.appendingPathComponent(name).path, resolved.appendingPathComponent(name).path)
        }
        AtomicOutput.remove(partial)
        return true
    }

    /// The frame-by-frame replacement with a way back: old frames wait in a second partial directory until
    /// every new frame is in place.
    private func replaceFrameByFrame(_ partial: URL, frameCount: Int, listing: Listing) throws {
        let aside = try AtomicOutput.makePartialDirectory(for: resolved)
        var done: [(name: String, new: Bool, old: Bool)] = []
        func undo() {
            for step in done.reversed() {
                let name = step.name
                if step.new { _ = rename(resolved.appendingPathComponent(name).path, partial.appendingPathComponent(name).path) }
                if step.old { _ = rename(aside.appendingPathComponent(name).path, resolved.appendingPathComponent(name).path) }
            }
        }
        let stale = listing.frames.filter { Self.frameIndex(ofName: $0)! >= frameCount }.sorted()
        do {
            for index in 0..<frameCount {
                let name = Self.frameName(index)
                let hadOld = listing.frames.contains(name)
                if hadOld { try moveAside(name, to: aside) }
                done.append((name, false, hadOld))
                try AtomicOutput.move(partial.appendingPathComponent(name), replacing: resolved.appendingPathComponent(name))
                done[done.count - 1].new = true
            }
            for name in stale {
                try moveAside(name, to: aside)
                done.append((name, false, true))
            }
        } catch {
            undo()
            AtomicOutput.remove(aside)
            throw error
        }
        AtomicOutput.remove(aside)
        AtomicOutput.remove(partial)
    }

    private func moveAside(_ name: String, to aside: URL) throws {
        guard rename(resolved.appendingPathComponent(name).path, aside.appendingPathComponent(name).path) == 0 else {
            let code = errno
            throw MediaError("Cannot replace \(directory.appendingPathComponent(name).path) with the new frame:"
                             + " \(AtomicOutput.errnoText(code)).\(AtomicOutput.hint(for: code)) The old sequence is"
                             + " left as it was.")
        }
    }
}

extension AtomicOutput {
    /// renameat2(2), looked up at run time: glibc declares it only for _GNU_SOURCE, which Swift's Glibc
    /// module does not define. nil where the C library has none.
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let renameExchange: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
}
