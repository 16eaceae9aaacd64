#!/usr/bin/env python3
"""Builds RTFixture-Regular.ttf, the TrueType test font of TextTests, and RTFixture.ttc, a collection of it and
a Bold twin (run from this folder; needs fontTools).

A tiny quadratic (glyf) font: .notdef, space, "x" (a diamond of quadratic curves) and U+2603 SNOWMAN (here a square
with a square hole), a character Inter does not have, so fallback to this font can be tested.
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection


def square_with_hole():
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.lineTo((800, 700)); pen.lineTo((800, 0)); pen.closePath()
    pen.moveTo((300, 200)); pen.lineTo((600, 200)); pen.lineTo((600, 500)); pen.lineTo((300, 500)); pen.closePath()
    return pen.glyph()


def diamond():
    pen = TTGlyphPen(None)
    pen.moveTo((300, 0))
    pen.qCurveTo((600, 0), (600, 300))
    pen.qCurveTo((600, 600), (300, 600))
    pen.qCurveTo((0, 600), (0, 300))
    pen.qCurveTo((0, 0), (300, 0))
    pen.closePath()
    return pen.glyph()


def empty():
    return TTGlyphPen(None).glyph()


def build(style, weight):
    fb = FontBuilder(1000, isTTF=True)
    order = [".notdef", "space", "x", "uni2603"]
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x20: "space", ord("x"): "x", 0x2603: "uni2603"})
    fb.setupGlyf({".notdef": square_with_hole(), "space": empty(), "x": diamond(), "uni2603": square_with_hole()})
    fb.setupHorizontalMetrics({".notdef": (900, 100), "space": (250, 0), "x": (650, 0), "uni2603": (900, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=100)
    fb.setupNameTable({"familyName": "RT Fixture", "styleName": style, "psName": "RTFixture-" + style,
                       "fullName": "RT Fixture " + style, "uniqueFontIdentifier": "RTFixture-" + style + ";1.000",
                       "version": "Version 1.000"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, sTypoLineGap=100, usWinAscent=800, usWinDescent=200,
                usWeightClass=weight, sCapHeight=700, sxHeight=600)
    fb.setupPost()
    return fb.font


build("Regular", 400).save("RTFixture-Regular.ttf")
collection = TTCollection()
collection.fonts = [build("Regular", 400), build("Bold", 700)]
collection.save("RTFixture.ttc")
