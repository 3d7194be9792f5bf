// NyayaPath knowledge graph schema (FalkorDB / openCypher).
//
// Every node carries a stable string `id` (see graph_schema/ids.py) and a display `name`.
// Statements below are executed in order by graph_schema/schema.py; each ends with ';'.
// FalkorDB has no IF NOT EXISTS for indexes: the loader ignores "already indexed".
//
// ---------------------------------------------------------------- node labels
// Act              {id:"ACT:BNS", code, name, name_hi, aliases[], year, last_section,
//                   in_force_from, in_force_to, kind:"statute"|"constitution"}
// Section:Provision {id:"BNS:103", act, number:"103", num:103, title, chapter, text,
//                   in_force_from, in_force_to, embedding:vecf32(384)}
// Article:Provision {id:"COI:21", act:"COI", number:"21", num:21, title, text, embedding}
// Case             {id:"CASE:<slug>", name, date, year, court, holding, holding_hi,
//                   neutral, scr, scc, air, source}
// CiteKey          {key:"SCC:1978:1:248" | "INSC:2017:801" | ...}  -[:CITATION_OF]-> Case
// Judge            {id:"JUDGE:<normalized name>", name}
// Court            {id:"COURT:SC", name}
// LegalIssue, Rule, Argument, Outcome  {id:"DOC:<doc>:<role>:<n>", text, doc}
// Passage          {id:"DOC:<doc>:P<n>", doc, role, text, start, end}
// ProceduralEvent  {id:"PROC:<flow>:<n>", flow, name, name_hi, time_limit, description, description_hi}
// Term             {id:"TERM:<slug>", en, hi, aliases_text, definition, definition_hi}
// Document         {id:"DOC:<doc>", name, source}   (a judgment with gold rhetorical roles)
// Problem          {id:"PROB:<slug>", group, title_en, title_hi, gist_en, gist_hi, phrasings_text,
//                   phrasings_json, cues_text, cues_json, not_held, not_held_law_en, not_held_law_hi,
//                   not_held_route, helplines[], where[], steps_json, must_not[], flow, requires_json, source}
//                   (graph_schema/loaders/problems.py, from packs/india/problems/*.json)
// Forum            {id:"FORUM:<route>", route, name, name_en, name_hi, what_en, what_hi, source}
// Helpline         {id:"HELPLINE:<number>", number, name, name_en, name_hi, source}
// UnheldAct        {id:"UNHELD:<code>", name, name_en, name_hi, cues_en[], cues_hi[], cues_rom[], route, source}
// Lexicon          {id:"LEXICON:legal_relations", words_en[], words_hi[], words_rom[], source}
//                   (graph_schema/loaders/provision_names.py; Provisions also get names_en[], names_hi[],
//                   names_rom[], names_kind, names_source there)
//
// ---------------------------------------------------------------- relationship types
// (Section|Article)-[:PART_OF]->(Act)
// (Section)-[:REPLACED_BY {relation:"direct"|"split"|"merged"|"omitted", effective_date:"2024-07-01",
//                          method:"official_table"|"text_alignment"|"pack", score, source}]->(Section)
//           omitted provisions have no successor; they carry omitted:true and omitted_date.
// (Case)-[:CITES]->(Case|Section|Article)
// (Case)-[:OVERRULES {date, extent, source}]->(Case)
// (Case)-[:DISTINGUISHES]->(Case)
// (Case)-[:CONFLICTS_WITH {conflict_type:"coordinate_bench"|"per_incuriam"|"overruled"|"distinguished", issue}]->(Case)
// (Case)-[:RESOLVED_BY {issue}]->(Case)
// (Case|Section)-[:NARROWED_BY {effect}]->(Case)
// (Case)-[:APPLIES_RULE]->(Rule)
// (Argument)-[:SUPPORTS_ARGUMENT]->(LegalIssue)
// (Case|Passage)-[:INTERPRETS {point}]->(Section|Article)
// (Term|ProceduralEvent)-[:TRIGGERS]->(ProceduralEvent)
// (ProceduralEvent)-[:PRECEDES]->(ProceduralEvent)
// (ProceduralEvent)-[:GOVERNED_BY]->(Section|Article)
// (LegalIssue|Case)-[:RESULTS_IN]->(Outcome)
// (Case)-[:DECIDED_BY {author}]->(Judge)
// (Case)-[:DECIDED_IN]->(Court)
// (Case|Document)-[:HAS_PASSAGE]->(Passage)
// (Section|Article)-[:STRUCK_DOWN_BY {date, extent}]->(Case)
// (Term)-[:DEFINED_IN]->(Section|Article)
// (CiteKey)-[:CITATION_OF]->(Case)
// (Document)-[:ABOUT]->(LegalIssue)   (Document)-[:RAISES]->(LegalIssue)
// (Problem)-[:GOVERNED_BY {rank, gist_en, gist_hi, source}]->(Section|Article)
// (Problem)-[:ROUTES_TO {rank}]->(Forum)
// (Problem)-[:FOLLOWS_FLOW {flow}]->(ProceduralEvent)    (the first step of the flow)
// (Problem)-[:CONCERNS_CASE {pack_id}]->(Case)
// (Problem)-[:RELATED_TO]->(Problem)
//
// ---------------------------------------------------------------- indexes
CREATE INDEX FOR (n:Act) ON (n.id);
CREATE INDEX FOR (n:Act) ON (n.code);
CREATE INDEX FOR (n:Section) ON (n.id);
CREATE INDEX FOR (n:Section) ON (n.act, n.number);
CREATE INDEX FOR (n:Article) ON (n.id);
CREATE INDEX FOR (n:Provision) ON (n.id);
CREATE INDEX FOR (n:Case) ON (n.id);
CREATE INDEX FOR (n:Case) ON (n.neutral);
CREATE INDEX FOR (n:CiteKey) ON (n.key);
CREATE INDEX FOR (n:Judge) ON (n.id);
CREATE INDEX FOR (n:Court) ON (n.id);
CREATE INDEX FOR (n:Document) ON (n.id);
CREATE INDEX FOR (n:Passage) ON (n.id);
CREATE INDEX FOR (n:LegalIssue) ON (n.id);
CREATE INDEX FOR (n:Rule) ON (n.id);
CREATE INDEX FOR (n:Argument) ON (n.id);
CREATE INDEX FOR (n:Outcome) ON (n.id);
CREATE INDEX FOR (n:ProceduralEvent) ON (n.id);
CREATE INDEX FOR (n:Term) ON (n.id);
CREATE INDEX FOR (n:Problem) ON (n.id);
CREATE INDEX FOR (n:Forum) ON (n.id);
CREATE INDEX FOR (n:Helpline) ON (n.id);
CREATE FULLTEXT INDEX FOR (n:Provision) ON (n.title, n.text);
CREATE FULLTEXT INDEX FOR (n:Passage) ON (n.text);
CREATE FULLTEXT INDEX FOR (n:Term) ON (n.en, n.hi, n.aliases_text);
CREATE FULLTEXT INDEX FOR (n:Case) ON (n.name, n.holding);
CREATE VECTOR INDEX FOR (n:Provision) ON (n.embedding) OPTIONS {dimension: 384, similarityFunction: 'cosine'};
// what people call each provision (its heading and the pack's names in three scripts): graph_schema.loaders.embeddings
CREATE VECTOR INDEX FOR (n:Provision) ON (n.names_embedding) OPTIONS {dimension: 384, similarityFunction: 'cosine'};
