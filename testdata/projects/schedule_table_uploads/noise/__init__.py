from noise.tables import Scheduler, SpacedModel
