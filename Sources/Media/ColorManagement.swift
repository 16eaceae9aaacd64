// Colour management through Little CMS 2: pixels tagged with an ICC profile (or HEIF's nclx colour
// description) become sRGB, the space every frame is drawn in, as an iPhone shows the image on an sRGB
// display. The intent is perceptual: Core Graphics draws sampled images with the perceptual intent (its
// CGColorRenderingIntent documentation: relative colorimetric "except when drawing sampled images"). For
// matrix/TRC profiles (sRGB, Display P3, Adobe RGB — every camera and phone profile) perceptual and
// relative colorimetric are the same transform: out-of-gamut colours clip. Untagged pixels are sRGB.
// docs/IMAGES.md has the numbers tested against Pillow's ImageCms (also Little CMS).
internal import CLCMS2
import Foundation

enum ColorManagement {
    // Little CMS pixel formats (lcms2.h's macros, which Swift does not import): TYPE_RGBA_8, TYPE_GRAY_8.
    private static let rgba8: UInt32 = 262_297
    private static let gray8: UInt32 = 196_617
    private static let copyAlpha: UInt32 = 0x0400_0000          // cmsFLAGS_COPY_ALPHA
    private static let perceptual: UInt32 = 0                   // INTENT_PERCEPTUAL

    /// Converts `image` to sRGB in place. Returns what it was converted from, for messages and tests.
    /// A profile Little CMS cannot read, or one of another kind (CMYK, Lab), is ignored as ImageIO ignores
    /// a broken profile: the pixels are taken as sRGB.
    static func convertToSRGB(_ image: inout StraightImage, source: String) throws -> String {
        let profile: cmsHPROFILE
        switch image.color {
        case .untagged:
            return "sRGB (untagged)"
        case .nclx(let primaries, let transfer):
            guard let built = nclxProfile(primaries: primaries, transfer: transfer) else {
                return "sRGB (nclx primaries \(primaries), transfer \(transfer))"
            }
            profile = built
        case .icc(let bytes):
            guard let opened = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
                return "sRGB (its ICC profile is unreadable, so ignored)"
            }
            profile = opened
        }
        defer { cmsCloseProfile(profile) }
        let name: String
        if case .nclx(let primaries, _) = image.color {
            name = primaries == 12 ? "Display P3 (nclx)" : primaries == 9 ? "BT.2020 (nclx)" : "BT.709 (nclx)"
        } else {
            name = description(of: profile)
        }
        guard let sRGB = cmsCreate_sRGBProfile() else { throw MediaError("Little CMS could not make the sRGB profile (out of memory?).") }
        defer { cmsCloseProfile(sRGB) }
        switch cmsGetColorSpace(profile) {
        case cmsSigRgbData:
            guard let transform = cmsCreateTransform(profile, rgba8, sRGB, rgba8, perceptual, copyAlpha) else {
                return "sRGB (Little CMS cannot use its profile \(name), so ignored)"
            }
            defer { cmsDeleteTransform(transform) }
            let count = image.width * image.height
            image.pixels.withUnsafeMutableBytes { p in
                // In place, in rows of at most 2^20 pixels (the pixel count argument is 32-bit).
                var done = 0
                while done < count {
                    let n = min(count - done, 1 << 20)
                    let start = p.baseAddress! + done * 4
                    cmsDoTransform(transform, start, start, cmsUInt32Number(n))
                    done += n
                }
            }
        case cmsSigGrayData:
            // Grey pixels came out of the decoder as R = G = B: convert the 256 levels once.
            guard let transform = cmsCreateTransform(profile, gray8, sRGB, rgba8, perceptual, 0) else {
                return "sRGB (Little CMS cannot use its profile \(name), so ignored)"
            }
            defer { cmsDeleteTransform(transform) }
            var levels = (0...255).map { UInt8($0) }
            var table = [UInt8](repeating: 0, count: 256 * 4)
            cmsDoTransform(transform, &levels, &table, 256)
            var i = 0
            while i < image.pixels.count {
                let t = Int(image.pixels[i]) * 4
                image.pixels[i] = table[t]; image.pixels[i + 1] = table[t + 1]; image.pixels[i + 2] = table[t + 2]
                i += 4
            }
        default:
            return "sRGB (its ICC profile \(name) is not an RGB or grey one, so ignored)"
        }
        return name
    }

    /// The profile's description ("Display P3", "sRGB IEC61966-2.1"…).
    static func description(of profile: cmsHPROFILE) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        let text = n > 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return text.isEmpty ? "an ICC profile without a description" : text
    }

    /// A matrix/TRC profile for ISO/IEC 23091-2 code points, or nil for sRGB itself (primaries 1 or
    /// unspecified with the sRGB or unspecified transfer) and for primaries not handled here (those are
    /// taken as sRGB). Primaries: 1 BT.709/sRGB, 9 BT.2020, 12 Display P3 (SMPTE EG 432-1), all with the D65
    /// white point. Transfer: 13 sRGB (and unspecified), 1/6/14/15 BT.709, 8 linear.
    static func nclxProfile(primaries: Int, transfer: Int) -> cmsHPROFILE? {
        let xy: [(Double, Double)]
        switch primaries {
        case 1, 2: xy = [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]
        case 9: xy = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
        case 12: xy = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
        default: return nil
        }
        let curve: [Double]                                          // Little CMS parametric type 4
        switch transfer {
        case 1, 6, 14, 15: curve = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        case 8: curve = [1, 1, 0, 1, 0]
        default:
            if primaries == 1 || primaries == 2 { return nil }
            curve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: xy[0].0, y: xy[0].1, Y: 1),
                                     Green: cmsCIExyY(x: xy[1].0, y: xy[1].1, Y: 1),
                                     Blue: cmsCIExyY(x: xy[2].0, y: xy[2].1, Y: 1))
        guard let tone = curve.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        return curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &triple, $0.baseAddress) }
    }
}
