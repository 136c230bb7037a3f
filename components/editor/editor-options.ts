// Options every read-only Monaco editor here shares: nothing to type into, no minimap, no context menu.
import type * as Monaco from "monaco-editor";

export const READ_ONLY_OPTIONS: Monaco.editor.IEditorOptions = {
  readOnly: true,
  domReadOnly: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  contextmenu: false,
  renderLineHighlight: "none",
  fontSize: 13,
  automaticLayout: true,
  wordWrap: "off",
  // The text area, not the experimental EditContext element: the text area carries the editor's aria label,
  // the EditContext element is an unnamed input field (axe aria-input-field-name, serious).
  editContext: false,
};
