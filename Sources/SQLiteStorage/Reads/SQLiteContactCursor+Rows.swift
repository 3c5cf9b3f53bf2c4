import Contacts

extension SQLiteContactCursor: ContactRows {}
