import Contacts

extension ContactEditor: ContactEditing {}
