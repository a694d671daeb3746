#!/usr/bin/env python3
"""Reads an `album export dataset` folder back with the real `webdataset` package (issue 30).

Usage: read-dataset.py DIR
Prints one JSON object: {"samples": [{"key", "id", "license", "image", "imageBytes", "jsonKeys"}...]},
the samples in the order WebDataset yields them from the shards named in DIR/manifest.json.
"""
import json
import os
import sys

import webdataset as wds


def main(folder):
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    shards = [os.path.join(folder, entry["name"]) for entry in manifest["files"]]
    samples = []
    for sample in wds.WebDataset(shards, shardshuffle=False, empty_check=False):
        record = json.loads(sample["json"].decode("utf-8"))
        images = [k for k in sample if k not in ("json", "__key__", "__url__", "__local_path__")]
        samples.append({
            "key": sample["__key__"],
            "id": record["id"],
            "license": (record.get("license") or {}).get("id"),
            "image": images,
            "imageBytes": sum(len(sample[k]) for k in images),
            "jsonKeys": sorted(record),
        })
    json.dump({"samples": samples}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
