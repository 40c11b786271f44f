class BaseTrainer:
    def __init__(self, model, optimizer, device, val_loader=None):
        self.model = model
        self.optimizer = optimizer
        self.device = device
        self.val_loader = val_loader
