/** Tags of one OSM element, as read from the file. */
export type OsmTags = Readonly<Record<string, string>>;

/**
 * Receiver of OSM elements in file order. Both readers (PBF and XML) call it, so everything
 * above the readers is format-agnostic. Refs are OSM node ids. Relations are not needed.
 */
export interface OsmSink {
  node(id: number, lat: number, lon: number, tags: OsmTags | null): void;
  way(id: number, refs: readonly number[], tags: OsmTags | null): void;
}

/** A problem found while reading, with where it was found. Reading goes on after a warning. */
export interface OsmWarning {
  file: string;
  /** Byte offset of the PBF blob or line of the XML element; 0 when not known. */
  position: number;
  message: string;
}
