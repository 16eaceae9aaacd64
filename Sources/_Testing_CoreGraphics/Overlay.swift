// Intentionally empty. The Swift toolchain on Linux declares a Testing cross-import overlay named
// _Testing_CoreGraphics (for Apple's CoreGraphics) without shipping it, so any file that imports both Testing and a
// module called CoreGraphics fails with "no such module '_Testing_CoreGraphics'". This stand-in satisfies that lookup,
// so test targets (ours and our users') can import Testing together with CoreGraphics.
