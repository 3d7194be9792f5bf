"""The domain vocabulary below both core and graph_schema.

domain imports nothing from core, graph_schema or app (a test checks). It owns:

  domain.paths     where the pack lives ($NYAYAPATH_PACK_DIR) and the names of its files
  domain.acts      the act registry (read once per pack path) and display() of a provision
  domain.numbers   provision number normal forms (sections, Schedule articles, CPC Orders/Rules)
  domain.ids       stable node ids
  domain.vocab     node labels and relationship types
  domain.reporters the law-report citation grammar and CiteKey keys
  domain.sources   which corpus file holds which Act's text
  domain.concordance_metric  precision/recall of an old->new code mapping against gold pairs
  domain.roles     the 13 rhetorical roles of a judgment's sentences and their names
  domain.text      text helpers: sentence ends, English number words, month names
"""
