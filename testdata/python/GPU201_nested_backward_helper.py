"""A loss computed by an opaque task object is on the GPU when the step hands
it to a nested helper that runs backward through it (`_backward(loss)` with
`_loss.backward()` inside). The twin whose helper only records the value
proves nothing about the device and stays silent."""
import torch

DEVICE = torch.device("cuda")


def train_one_epoch(task, loader, optimizer, accum_steps, loss_scaler=None):
    for batch_idx, (inputs, target) in enumerate(loader):
        inputs, target = inputs.to(DEVICE), target.to(DEVICE)

        def _forward():
            result = task(inputs, target)
            _loss = result["loss"]
            if accum_steps > 1:
                _loss /= accum_steps
            return _loss, result

        def _backward(_loss):
            if loss_scaler is not None:
                loss_scaler(_loss, optimizer)
            else:
                _loss.backward()
                optimizer.step()

        loss, result = _forward()
        _backward(loss)
        print(f"step {batch_idx}: {loss.item():.3f}")  # expect: GPU201 "`loss` comes from `_forward()`"


def score_epoch(task, loader, history):
    def _record(value):
        history.append(value)

    for batch_idx, (inputs, target) in enumerate(loader):
        score = task.score(inputs, target)
        _record(score)
        print(f"batch {batch_idx}: {score.item():.3f}")  # ok: GPU201 (nothing says where score lives)
