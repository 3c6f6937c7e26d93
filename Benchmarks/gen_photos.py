#!/usr/bin/env python3
"""Makes the photos Benchmarks/images.sh builds: COUNT JPEGs of 3000x2000 at quality 90, about
1.4 MB each, the same bytes every run (every noise source is seeded by the photo's number).

Usage: gen_photos.py FOLDER [COUNT]        (default 24; writes FOLDER/pNN.jpg)

Photo-like: a sky-to-ground gradient in colours picked per photo, fractal Perlin "terrain" on
three scales per band, and fine grain (Gaussian noise, lightly blurred) for the high-frequency
detail that makes a camera JPEG 1-2 MB. Needs pyvips (Benchmarks/images.sh installs it into a
venv). Metadata (GPS, Make/Model, orientation) is written afterwards with exiftool.
"""
import os
import random
import sys

import pyvips

WIDTH, HEIGHT = 3000, 2000
GRAIN_SIGMA = 9.0  # tuned so a photo is about 1.4 MB at q90


def photo(number):
    rng = random.Random(number)
    seed = 1000 * number
    # The gradient: one colour at the top, another at the bottom, per band.
    top = [rng.uniform(120, 230) for _ in range(3)]
    bottom = [rng.uniform(30, 140) for _ in range(3)]
    rows = pyvips.Image.xyz(WIDTH, HEIGHT)[1] / (HEIGHT - 1)  # 0 at the top, 1 at the bottom
    bands = []
    for band in range(3):
        base = rows * (bottom[band] - top[band]) + top[band]
        terrain = 0
        for scale, (cell, weight) in enumerate([(600, 60.0), (150, 25.0), (30, 10.0)]):
            layer = pyvips.Image.perlin(WIDTH, HEIGHT, cell_size=cell, seed=seed + 10 * band + scale)
            terrain = terrain + layer * weight
        bands.append(base + terrain)
    image = bands[0].bandjoin(bands[1:])
    grain = pyvips.Image.gaussnoise(WIDTH, HEIGHT, sigma=GRAIN_SIGMA, mean=0.0, seed=seed + 99)
    grain = grain.gaussblur(0.6)
    image = (image + grain).cast("uchar").copy(interpretation="srgb")
    return image.jpegsave_buffer(Q=90, strip=True)


def main():
    folder = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    os.makedirs(folder, exist_ok=True)
    for number in range(1, count + 1):
        with open(os.path.join(folder, f"p{number:02d}.jpg"), "wb") as file:
            file.write(photo(number))


if __name__ == "__main__":
    main()
