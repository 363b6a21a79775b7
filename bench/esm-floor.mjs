// An empty ES module: what any ESM command-line entry costs over `node -e 0` (the module loader).
