def to_host(t):
    return t.detach().cpu()
