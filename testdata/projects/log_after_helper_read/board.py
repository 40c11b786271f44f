from torch.utils.tensorboard import SummaryWriter


class ScalarBoard:
    def __init__(self, folder):
        self.writer = SummaryWriter(folder)

    def write_all(self, pairs, step):
        for name, value in pairs:
            self.writer.add_scalar(name, value, step)
