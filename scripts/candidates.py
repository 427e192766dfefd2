"""Calibration tables with candidate members, for the device calls that time
them beside the family (docs/results/raw/*/candidates.py): the shipped
table, a member copied under a new name with some of its configuration
changed (its coefficients only rank it until a fit replaces them), and the
table written as JSON.
"""
import copy
import json
import os

TABLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "data", "sm_90a.json")


def shipped():
    with open(TABLE) as f:
        return json.load(f)


def add(table, like, name, why, **config):
    """Appends member `like` as `name`, its configuration updated by `config`."""
    m = copy.deepcopy(next(m for m in table["members"] if m["name"] == like))
    m["name"], m["why"] = name, why
    m["config"].update(config)
    table["members"].append(m)


def write(table, path):
    with open(path, "w") as f:
        json.dump(table, f, indent=1)
        f.write("\n")
