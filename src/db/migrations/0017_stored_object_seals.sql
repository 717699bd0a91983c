-- An object is sealed when it is first used (a file deliverable): its bytes are copied to a new
-- key that no upload URL names, and everything that uses the object reads that copy. A presigned
-- PUT that is still valid can then no longer change what buyers download, nor make the recorded
-- size lie (docs/decisions/storage.md).
--   sealed_key:  on an uploaded object, the key of its sealed copy (null until first used).
--   sealed_from: on a sealed copy, the key of the upload it was copied from (null on uploads).
alter table stored_objects add column sealed_key text references stored_objects (key);
alter table stored_objects add column sealed_from text references stored_objects (key);
