def colour_planes(board, colours=4):
    """One plane of True/False per colour: plane 0 for colour 1 (red), plane 1 for colour 2, ..."""
    # the colours are 1 to `colours` (0 is an empty cell); range stops just before its end
    return np.array([board == colour for colour in range(1, colours + 1)])
