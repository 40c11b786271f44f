"""Loss functions picked by name from a table (a config's `loss.kind`)."""
import torch.nn.functional as F


def logged_mse(net, x, y):
    loss = F.mse_loss(net(x), y)
    print("mse", loss.item())
    return loss


def quiet_l1(net, x, y):
    return F.l1_loss(net(x), y)


# Every key names the same function: whichever the config picks runs it.
SINGLE = {"mse": logged_mse, "l2": logged_mse}
# Two functions: which one runs depends on the key, and only one of them syncs.
MIXED = {"mse": logged_mse, "l1": quiet_l1}
