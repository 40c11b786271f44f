from nets.edge_mlp import EdgeMLP, MeanPool, WideEdgeMLP


def edge_model(width):
    return EdgeMLP(width)


def build_model(name, width):
    # The run picks its network by name from a table of classes and factories.
    networks = {"edge": edge_model, "wide": WideEdgeMLP}
    return networks[name](width)


def build_baseline(name, width):
    # Either network may run: only an effect both forwards have is certain.
    return {"edge": EdgeMLP, "pool": MeanPool}[name](width)
