"""Export days: one partition per night's drop of export files."""

import dagster as dg

export_days = dg.DynamicPartitionsDefinition(name="export_days")
