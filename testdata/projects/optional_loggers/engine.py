import torch


def train_one_epoch(model, loader, opt, writer=None, board=None, tracker=None):
    for x, y in loader:
        x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
        logits = model(x)
        loss = torch.nn.functional.cross_entropy(logits, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        acc = (logits.argmax(-1) == y).float().mean()
        if writer is not None:
            writer.update(acc=acc)  # ok: GPU201 (writer is None: --log_dir is off by default)
        if board is not None:
            board.update(acc=acc)  # expect: GPU201 "update() runs"
        if tracker:
            tracker.log({"acc": acc})  # ok: GPU201 (tracker is None: --use_tracker is False by default)
