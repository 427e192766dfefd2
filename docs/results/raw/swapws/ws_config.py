"""The producer-warpgroup form of a transposed member: persistent where
unsplit (the producer runs ahead across a program's tiles while the
consumers store C), one trip per program where it splits K in a cluster;
fewer stages where C's staging, past the ring, would not fit beside them."""

STAGES = {"s208": 5, "s256w": 3}


def config(member):
    config = {"warp_specialize": "cooperative"}
    if member["config"].get("split_k", 1) == 1:
        config["schedule"] = "persistent"
    if member["name"] in STAGES:
        config["num_stages"] = STAGES[member["name"]]
    return config
