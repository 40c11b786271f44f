from .base import _BASE as config
