#!/usr/bin/env python3
"""Writes Fixtures/Assets.xcassets, the catalog the asset tests read (run once; the output is committed).

Each variant of `badge` fills its square with a colour that says which entry it is: light/any fills
(255, 149, s), dark fills (94, 92, 230 + s), high contrast fills (201, 52, s), where s is the scale (1–3),
with a white (light) or yellow (dark) dot in the middle, so a test reads the entry from one pixel and a
golden shows it. Needs Pillow.
"""
import json, os, shutil
from PIL import Image, ImageDraw

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Fixtures", "Assets.xcassets")
shutil.rmtree(root, ignore_errors=True)
info = {"info": {"author": "xcode", "version": 1}}

def folder(*parts, contents=None):
    path = os.path.join(root, *parts)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "Contents.json"), "w") as f:
        json.dump(contents if contents is not None else info, f, indent=2, sort_keys=True)
        f.write("\n")
    return path

def badge(path, name, scale, fill, dot):
    side = 40 * scale
    im = Image.new("RGBA", (side, side), fill + (255,))
    d = ImageDraw.Draw(im)
    r = 10 * scale
    d.ellipse([side / 2 - r, side / 2 - r, side / 2 + r, side / 2 + r], fill=dot + (255,))
    im.save(os.path.join(path, name))

folder()
dark = [{"appearance": "luminosity", "value": "dark"}]
high = [{"appearance": "contrast", "value": "high"}]
images = []
for s in (1, 2, 3):
    images.append({"filename": f"badge@{s}x.png", "idiom": "universal", "scale": f"{s}x"})
for s in (2, 3):
    images.append({"appearances": dark, "filename": f"badge-dark@{s}x.png", "idiom": "universal", "scale": f"{s}x"})
images.append({"appearances": high, "filename": "badge-high@3x.png", "idiom": "universal", "scale": "3x"})
images.append({"idiom": "universal", "scale": "1x", "appearances": dark})  # an empty slot, as Xcode writes
images.append({"filename": "badge-ipad.png", "idiom": "ipad", "scale": "2x"})
p = folder("badge.imageset", contents={"images": images, "info": info["info"]})
for s in (1, 2, 3):
    badge(p, f"badge@{s}x.png", s, (255, 149, s), (255, 255, 255))
for s in (2, 3):
    badge(p, f"badge-dark@{s}x.png", s, (94, 92, 230 + s), (255, 214, 10))
badge(p, "badge-high@3x.png", 3, (201, 52, 3), (255, 255, 255))
badge(p, "badge-ipad.png", 2, (0, 0, 0), (0, 0, 0))

# A template glyph: a black ring with a transparent middle, 3x only, drawn in the tint colour.
p = folder("glyph.imageset", contents={"images": [{"filename": "glyph@3x.png", "idiom": "universal", "scale": "3x"}],
                                       "info": info["info"], "properties": {"template-rendering-intent": "template"}})
im = Image.new("RGBA", (72, 72), (0, 0, 0, 0))
ImageDraw.Draw(im).ellipse([6, 6, 66, 66], outline=(0, 0, 0, 255), width=12)
im.save(os.path.join(p, "glyph@3x.png"))

# Groups: one with a namespace (Icons/star), one without (leaf is found by its own name).
folder("Icons", contents={"info": info["info"], "properties": {"provides-namespace": True}})
p = folder("Icons", "star.imageset", contents={"images": [{"filename": "star.png", "idiom": "universal"}], "info": info["info"],
                                               "properties": {"template-rendering-intent": "original", "preserves-vector-representation": True}})
Image.new("RGBA", (8, 8), (52, 199, 89, 255)).save(os.path.join(p, "star.png"))
folder("Plants")
p = folder("Plants", "leaf.imageset", contents={"images": [{"filename": "leaf@2x.png", "idiom": "iphone", "scale": "2x"},
                                                           {"filename": "leaf-universal@2x.png", "idiom": "universal", "scale": "2x"}],
                                                "info": info["info"], "unknown-key-from-a-future-xcode": {"x": 1}})
Image.new("RGBA", (16, 16), (0, 199, 190, 255)).save(os.path.join(p, "leaf@2x.png"))
Image.new("RGBA", (16, 16), (0, 0, 0, 255)).save(os.path.join(p, "leaf-universal@2x.png"))

def colorset(name, colors, group=None):
    parts = ([group] if group else []) + [name + ".colorset"]
    folder(*parts, contents={"colors": colors, "info": info["info"]})

def rgb(space, r, g, b, a="1.000", appearances=None):
    entry = {"color": {"color-space": space, "components": {"red": r, "green": g, "blue": b, "alpha": a}}, "idiom": "universal"}
    if appearances:
        entry["appearances"] = appearances
    return entry

colorset("brand", [rgb("display-p3", "1.000", "0.231", "0.188"), rgb("display-p3", "0.400", "0.600", "1.000", appearances=dark),
                   rgb("srgb", "0.600", "0.000", "0.000", appearances=high),
                   rgb("srgb", "1.000", "0.500", "0.500", appearances=dark + high)])
colorset("float", [rgb("srgb", "0.500", "0.250", "1.000")])
colorset("int", [rgb("srgb", "128", "64", "255", "0.500")])
colorset("hex", [rgb("srgb", "0x80", "0x40", "0xFF")])
colorset("extended", [rgb("extended-srgb", "1.200", "-0.100", "0.500")])
colorset("linear", [rgb("extended-linear-srgb", "0.214", "1.000", "0.000")])
colorset("gray22", [{"color": {"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "1.000"}}, "idiom": "universal"}])
colorset("extgray", [{"color": {"color-space": "extended-gray", "components": {"white": "0.500", "alpha": "0.250"}}, "idiom": "universal"}])
colorset("system", [{"color": {"platform": "ios", "reference": "systemBlueColor"}, "idiom": "universal"}])
folder("Palette", contents={"info": info["info"], "properties": {"provides-namespace": True}})
colorset("accent", [rgb("srgb", "0x34", "0xC7", "0x59"), rgb("srgb", "0x30", "0xD1", "0x58", appearances=dark)], group="Palette")
