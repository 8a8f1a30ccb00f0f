#!/usr/bin/env python3
"""Checks a Lottie file the way an app would meet it: validates it against the Lottie 1.0 JSON
schema (PyPI's lottie-specs) and plays frames of it with two independent players, rlottie
(rlottie-python) and ThorVG (thorvg-python), comparing each with a reference PNG.

    lottie-play.py FILE.json --frames 0,15,30 [--reference 'ref/%d.png'] [--save DIR]

Prints one JSON object: {"schema": [errors...], "frames": [{"frame": n, "rlottie": dB,
"thorvg": dB}, ...]}. PSNR is over RGB after compositing both images over black; identical
images give 99. Used by LottieExportTests (one process per exported scene).
"""
import argparse
import json
import math
import os
import sys

import jsonschema
import lottie_specs
from PIL import Image, ImageChops, ImageStat


def schema_errors(document):
    path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    errors = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))[:20]:
        place = "/".join(str(p) for p in error.absolute_path)
        errors.append(f"{place}: {error.message[:300]}")
    return errors


def over_black(image):
    image = image.convert("RGBA")
    black = Image.new("RGBA", image.size, (0, 0, 0, 255))
    return Image.alpha_composite(black, image).convert("RGB")


def psnr(a, b):
    a, b = over_black(a), over_black(b)
    if a.size != b.size:
        return 0.0
    squares = ImageStat.Stat(ImageChops.difference(a, b)).sum2
    mse = sum(squares) / (a.size[0] * a.size[1] * 3)
    return 99.0 if mse == 0 else min(99.0, 10 * math.log10(255 * 255 / mse))


def rlottie_frames(path, frames, w, h):
    from rlottie_python import LottieAnimation
    out = {}
    with LottieAnimation.from_file(path) as anim:
        for n in frames:
            out[n] = anim.render_pillow_frame(frame_num=n, width=w, height=h)
    return out


def thorvg_frames(path, frames, w, h):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h)
    anim = tvg.LottieAnimation(engine)
    picture = anim.get_picture()
    picture.load(path)
    picture.set_size(w, h)
    canvas.add(picture)
    out = {}
    for n in frames:
        anim.set_frame(n)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        out[n] = canvas.get_pillow().copy()
    engine.term()
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--frames", default="0")
    parser.add_argument("--reference", help="a pattern with %%d for the frame number")
    parser.add_argument("--save", help="a folder for the players' frames")
    args = parser.parse_args()
    with open(args.file) as f:
        document = json.load(f)
    result = {"schema": schema_errors(document), "frames": []}
    w, h = int(document["w"]), int(document["h"])
    frames = [int(x) for x in args.frames.split(",") if x]
    players = {"rlottie": rlottie_frames(args.file, frames, w, h),
               "thorvg": thorvg_frames(args.file, frames, w, h)}
    for n in frames:
        row = {"frame": n}
        for name, images in players.items():
            image = images[n]
            if args.save:
                os.makedirs(args.save, exist_ok=True)
                image.save(os.path.join(args.save, f"{name}_{n}.png"))
            if args.reference:
                row[name] = round(psnr(image, Image.open(args.reference % n)), 2)
        result["frames"].append(row)
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
