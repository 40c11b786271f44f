"""Step loops that get their loss modules as parameters."""


def train_one_epoch(student, teacher, distill_loss, data_loader, optimizer, device):
    for images in data_loader:
        images = images.to(device, non_blocking=True)
        teacher_out = teacher(images)
        student_out = student(images)
        loss = distill_loss(student_out, teacher_out)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        running = loss.item()  # expect: GPU201 "`loss.item()`"
        print(running)  # ok: GPU206


def fit_probe(features, head_loss, data_loader, optimizer, device):
    for images, labels in data_loader:
        feats = features(images.to(device, non_blocking=True))
        loss = head_loss(feats, labels.to(device, non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        last = loss.item()  # expect: GPU201 "`loss.item()`"  (backpropagated on the GPU path, whichever loss module)
    return last
