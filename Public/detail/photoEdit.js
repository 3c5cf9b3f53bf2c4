// The contact's photo in the detail pane (docs/page.md, "Photos"): a file chosen or
// dropped on the pane is sent as it is (PUT /contacts/{id}/photo; the server checks
// it and says why it refuses one), and Remove photo deletes it. The form's edits stay.

import { word } from "../common/model/words.js";
import { showContact } from "./model/detail.js";

/** Returns photo(file): a new photo for the contact `shown` in `view`, or its removal
 *  (`file` null); `changed(version)` tells the list. */
export function createPhotoEdit({ send, view, shown, changed }) {
  return async function photo(file) {
    if (shown.id === null || shown.busy) return;
    const path = `/contacts/${shown.id}/photo`;
    const answer = await send(file ? "PUT" : "DELETE", path, file ? { raw: file } : {});
    if (!answer.ok) return view.say(answer.json.message, true);
    // Only the photo changed: the avatar and the revision are new, the form is kept.
    shown.etag = answer.etag ?? shown.etag;
    shown.version = answer.json?.version ?? shown.version;
    const what = showContact({ ...shown }, answer.json, shown.etag);
    view.showAvatar(what.avatar);
    view.showPhoto(what.photo);
    view.say(word(file ? "say.photoSaved" : "say.photoRemoved"));
    changed(answer.json?.version);
  };
}
