import Contacts

extension SQLiteContactEditor: ContactEditing {}
