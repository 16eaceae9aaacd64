import Stage
