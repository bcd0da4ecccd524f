"""ipywidgets views on the chaitea engine (imported as ``chaitea_widgets``)."""
