// libFuzzer target for the image decoders (`UIImage(data:)`, `UIImage(contentsOfFile:)`): format sniffing,
// PNG, JPEG, HEIF, WebP and GIF decoding, their metadata readers (EXIF, ICC, irot/imir) and colour
// conversion. Built with -sanitize=fuzzer by scripts/fuzz; a normal build makes a replayer of the files it
// is given. Seeds: the ImageTests fixtures of every format (Fuzz/Corpus/images).
import Foundation
import FuzzSupport
import Media

/// One input. A thrown error is the expected answer to bad input; a crash, a hang, or a decoded image
/// whose pixel count disagrees with its size is a finding.
func runImageInput(_ bytes: UnsafeRawBufferPointer) {
    // 4 million pixels at most: a few hundred bytes can legally declare a 100-million-pixel canvas,
    // which decodes (slowly) and would read as a hang; the size limits have tests of their own.
    let decoded = ImageDecoder.$maximumPixels.withValue(1 << 22) { try? ImageDecoder.decode([UInt8](bytes), source: "input") }
    guard let image = decoded else { return }
    let pixels = image.pixels
    guard pixels.width > 0, pixels.height > 0, pixels.bytes.count == pixels.width * pixels.height * 4,
          (1...8).contains(image.orientation) else {
        fatalError("decoded an inconsistent image: \(pixels.width)×\(pixels.height), \(pixels.bytes.count) bytes, orientation \(image.orientation)")
    }
    // Premultiplied: no colour exceeds its alpha.
    var i = 0
    while i < pixels.bytes.count {
        let a = pixels.bytes[i + 3]
        if pixels.bytes[i] > a || pixels.bytes[i + 1] > a || pixels.bytes[i + 2] > a {
            fatalError("decoded a pixel whose colour exceeds its alpha at byte \(i)")
        }
        i += 4
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { imageFuzzerTestOneInput(data, size) }
#endif

func imageFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runImageInput(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}

@main struct Main {
    static func main() { fuzzTargetMain("fuzz-images", imageFuzzerTestOneInput) }
}
