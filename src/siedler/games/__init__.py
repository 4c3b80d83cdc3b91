"""Rule sets, one package each; every package here is imported on first use and registers itself."""
